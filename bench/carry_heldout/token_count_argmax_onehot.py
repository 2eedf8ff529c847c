# label: ok
# jax-error: none
# class: 1 attention-style counter adds an int32 one-hot of the argmax to an int32 visit count
import jax
import jax.numpy as jnp
from jax.lax import scan


def main():
    queries = jax.random.normal(jax.random.PRNGKey(2), (6, 4))
    keys = jax.random.normal(jax.random.PRNGKey(3), (5, 4))

    def attend(visits, q):
        w = jax.nn.softmax(keys @ q)
        pick = jnp.argmax(w)
        return visits + jax.nn.one_hot(pick, 5, dtype=jnp.int32), pick

    visits, picks = scan(attend, jnp.zeros(5, dtype=jnp.int32), queries)
    return visits
