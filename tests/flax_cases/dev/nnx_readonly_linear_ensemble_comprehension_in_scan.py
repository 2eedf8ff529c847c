# label: ok
# flax-error: none
# class: 2 a list of outside nnx.Linear members handed to the function running the scan; the body only reads them in a list comprehension
import jax
import jax.numpy as jnp
from flax import nnx

def plan_cost(members, obs0, actions):
    def step(obs, act):
        preds = jnp.stack([m(obs) for m in members])
        return obs + act, preds.var(0).sum()
    return jax.lax.scan(step, obs0, actions)

def main():
    members = [nnx.Linear(3, 3, rngs=nnx.Rngs(i)) for i in range(3)]
    plan_cost(members, jnp.ones(3), jnp.zeros((6, 3)))
