# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 attention-style counter adds softmax weights to an int32 per-token visit count
import jax
import jax.numpy as jnp
from jax.lax import scan


def main():
    queries = jax.random.normal(jax.random.PRNGKey(2), (6, 4))
    keys = jax.random.normal(jax.random.PRNGKey(3), (5, 4))

    def attend(visits, q):
        w = jax.nn.softmax(keys @ q)
        return visits + w, jnp.argmax(w)

    visits, picks = scan(attend, jnp.zeros(5, dtype=jnp.int32), queries)
    return visits
