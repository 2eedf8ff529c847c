# label: ok
# jax-error: none
# class: 3 greedy decoder carries the last token and returns each chosen token as the per-step output
import jax
import jax.numpy as jnp


def main():
    logits = jax.random.normal(jax.random.PRNGKey(0), (4, 10))
    emb = jnp.eye(10)

    def decode(last, step_logits):
        tok = jnp.argmax(step_logits + emb[last])
        return tok, tok

    last, tokens = jax.lax.scan(decode, jnp.argmax(logits[0]), logits)
    return tokens
