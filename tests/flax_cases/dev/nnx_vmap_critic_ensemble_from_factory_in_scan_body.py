# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 4 (16 B)
# class: 4 a critic ensemble made by a same-file `@nnx.vmap` factory is handed to the function running the scan; the body gives it to an `@nnx.vmap` forward
import jax
import jax.numpy as jnp
from flax import nnx

@nnx.vmap(in_axes=0, out_axes=0)
def make_ensemble(key):
    return nnx.Linear(3, 1, rngs=nnx.Rngs(key))

@nnx.vmap(in_axes=(0, None), out_axes=0)
def ensemble_values(critics, obs):
    return critics(obs)

def pessimistic_returns(critics, trajectory):
    def body(ret, obs):
        q = ensemble_values(critics, obs).min(axis=0)
        return q + 0.99 * ret, q
    return jax.lax.scan(body, jnp.zeros((5, 1)), trajectory)

def main():
    trajectory = jnp.ones((7, 5, 3))
    pessimistic_returns(make_ensemble(jax.random.split(jax.random.key(0), 4)), trajectory)
