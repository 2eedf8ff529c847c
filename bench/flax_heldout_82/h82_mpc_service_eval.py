# label: ok
# flax-error: none
# class: 3 service object holds a dynamics wrapper whose stored apply_fn runs BatchNorm with running averages inside the rollout scan
"""Model-predictive controller exposed as a service; the learned dynamics model is rolled out
over the planning horizon with a raw lax.scan."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Dynamics(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, state, action, train: bool = False):
        h = jnp.concatenate([state, action], axis=-1)
        h = nn.Dense(self.hidden)(h)
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.relu(h)
        return state + nn.Dense(state.shape[-1])(h)


@dataclasses.dataclass
class DynamicsWrapper:
    apply_fn: callable
    variables: dict
    train: bool = False  # planning uses the running averages

    def predict(self, state, action):
        return self.apply_fn(self.variables, state, action, train=self.train)


class MPCService:
    def __init__(self, wrapper, horizon=5):
        self.wrapper = wrapper
        self.horizon = horizon

    def plan_cost(self, state, actions):
        def step(s, a):
            s_next = self.wrapper.predict(s, a)
            return s_next, jnp.sum(s_next ** 2)

        _, costs = lax.scan(step, state, actions)
        return costs.sum()


def main():
    model = Dynamics()
    state = jnp.ones((4, 3))
    action = jnp.zeros((4, 2))
    variables = model.init(jax.random.PRNGKey(0), state, action)
    service = MPCService(DynamicsWrapper(model.apply, variables))
    actions = jnp.zeros((service.horizon, 4, 2))
    service.plan_cost(state, actions)
    return None
