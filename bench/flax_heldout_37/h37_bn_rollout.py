# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/Dynamics_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the Dynamics submodule (BatchNorm inside) is closed over by the raw scan step in @nn.compact; the planner applies the model with train=True but no mutable batch_stats
"""Model-based planning: score random action sequences with a learned dynamics model."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

S_DIM, A_DIM, HORIZON, N_CAND = 4, 2, 6, 8


class Dynamics(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, s, a, train: bool):
        x = nn.Dense(self.hidden)(jnp.concatenate([s, a], -1))
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return s + nn.Dense(S_DIM)(x)


class WorldModel(nn.Module):
    @nn.compact
    def __call__(self, s0, actions, train: bool = True):
        dyn = Dynamics()
        if self.is_initializing():
            dyn(s0, actions[0], train=False)

        def step(s, a):
            s = dyn(s, a, train)
            return s, s

        _, states = scan(step, s0, actions)
        return states


def reward_fn(states):
    return -jnp.sum(states[..., :2] ** 2, axis=(0, -1))


def plan(model, variables, s0, key):
    actions = jax.random.uniform(key, (HORIZON, N_CAND, A_DIM), minval=-1, maxval=1)
    states = model.apply(variables, jnp.broadcast_to(s0, (N_CAND, S_DIM)), actions)
    return actions[0, jnp.argmax(reward_fn(states))]


def main():
    model = WorldModel()
    s0 = jnp.ones((1, S_DIM))
    acts = jnp.zeros((HORIZON, 1, A_DIM))
    variables = model.init(jax.random.key(0), s0, acts, train=False)
    print(plan(model, variables, s0, jax.random.key(1)))
