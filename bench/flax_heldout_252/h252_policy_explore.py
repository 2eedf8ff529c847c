# label: same-values
# flax-error: none
# class: 5 functools.partial binds policy.apply, the variables and rngs={'explore': key}; the while_loop body calls the partial
import functools

import jax.numpy as jnp
from flax import linen
from jax import lax, random


class GaussianPolicy(linen.Module):
    action_dim: int
    hidden: int = 32

    @linen.compact
    def __call__(self, obs):
        h = linen.relu(linen.Dense(self.hidden)(obs))
        mean = linen.Dense(self.action_dim)(h)
        log_std = self.param("log_std", linen.initializers.constant(-0.5), (self.action_dim,))
        noise = random.normal(self.make_rng("explore"), mean.shape)
        return mean + jnp.exp(log_std) * noise


def collect_actions(policy, variables, obs, key, num_actions):
    act = functools.partial(policy.apply, variables, rngs={"explore": key})

    def cond(state):
        i, _ = state
        return i < num_actions

    def body(state):
        i, actions = state
        return i + 1, actions.at[i].set(act(obs))

    actions = jnp.zeros((num_actions, policy.action_dim))
    _, actions = lax.while_loop(cond, body, (0, actions))
    return actions


def main():
    policy = GaussianPolicy(action_dim=3)
    obs = jnp.linspace(-1.0, 1.0, 8)  # one observation, queried at every step
    init_key, explore_key = random.split(random.PRNGKey(0))
    variables = policy.init({"params": init_key, "explore": explore_key}, obs)
    return collect_actions(policy, variables, obs, explore_key, num_actions=6)
