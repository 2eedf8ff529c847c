# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 Agent.rollout raw scan body (jax.checkpoint) calls self.policy, whose nnx.Dropout draws from the policy's outside Rngs
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class DropoutPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(obs_dim, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(8, act_dim, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.head(self.drop(nnx.relu(self.body(obs)))))


class Agent:
    def __init__(self, policy, horizon=5):
        self.policy = policy
        self.horizon = horizon

    def rollout(self, obs):
        @jax.checkpoint
        def step(obs, _):
            action = self.policy(obs)
            obs = 0.9 * obs + 0.1 * jnp.pad(action, ((0, 0), (0, obs.shape[-1] - action.shape[-1])))
            return obs, action

        return lax.scan(step, obs, None, length=self.horizon)


def main():
    policy = DropoutPolicy(4, 2, rngs=nnx.Rngs(params=0, dropout=1))
    agent = Agent(policy)
    agent.rollout(jnp.ones((1, 4)))
    return None
