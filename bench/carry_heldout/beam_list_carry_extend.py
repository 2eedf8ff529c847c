# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 beam search keeps chosen tokens in a list carry and appends one per step
import jax
import jax.numpy as jnp


def main():
    logits = jax.random.normal(jax.random.PRNGKey(0), (4, 10))

    def decode(tokens, step_logits):
        tok = jnp.argmax(step_logits)
        return tokens + [tok], tok

    tokens, _ = jax.lax.scan(decode, [jnp.int32(0)], logits)
    return tokens
