# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 RNN computes its new hidden state in bfloat16 and stores it into the float32 carry
import jax
import jax.numpy as jnp


def main():
    key = jax.random.PRNGKey(0)
    W = (jax.random.normal(key, (6, 6)) * 0.2).astype(jnp.bfloat16)
    xs = jax.random.normal(key, (7, 6))

    def rnn(h, x):
        h = jnp.tanh(W @ h.astype(jnp.bfloat16) + x.astype(jnp.bfloat16))
        return h, h.astype(jnp.float32)

    h, hs = jax.lax.scan(rnn, jnp.zeros(6, jnp.float32), xs)
    return hs
