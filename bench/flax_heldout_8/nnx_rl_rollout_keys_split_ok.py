# label: ok
# flax-error: none
# class: 4 a module-level rollout(step_fn, init, n) wrapper scans a lambda; keys are split outside and the policy is only read
import jax
import jax.numpy as jnp
import flax.nnx as nnx


def rollout(step_fn, init, xs):
    return jax.lax.scan(lambda carry, x: step_fn(carry, x), init, xs)


class Pi(nnx.Module):
    def __init__(self, rngs):
        self.torso = nnx.Linear(4, 8, rngs=rngs)
        self.head = nnx.Linear(8, 5, rngs=rngs)

    def __call__(self, obs):
        return self.head(nnx.relu(self.torso(obs)))


def transition(obs, action):
    return jnp.sin(obs + action)


def main():
    pi = Pi(nnx.Rngs(0))
    keys = jax.random.split(jax.random.key(9), 20)

    def policy_step(obs, key):
        action = jax.random.categorical(key, pi(obs))
        return transition(obs, action), action

    _, actions = rollout(policy_step, jnp.zeros(4), keys)
    return actions
