import { graphql } from '../../gql';

/**
 * What every document selects from a result union's refusal: the members
 * implementing `DomainError`. `useResultMutation` shows `message` and tells a
 * refusal by these two fields, so every mutation asks for them the same way.
 */
export const DomainErrorFieldsFragment = graphql(`
  fragment DomainErrorFields on DomainError {
    code
    message
  }
`);
