# label: ok
# flax-error: none
# class: 3 Agent.rollout splits self.policy, carries its state (Rngs included) through the raw scan (jax.checkpoint body), merges it per step and updates the policy after
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
        graphdef, state = nnx.split(self.policy)

        @jax.checkpoint
        def step(carry, _):
            obs, state = carry
            policy = nnx.merge(graphdef, state)
            action = policy(obs)
            obs = 0.9 * obs + 0.1 * jnp.pad(action, ((0, 0), (0, obs.shape[-1] - action.shape[-1])))
            return (obs, nnx.state(policy)), action

        (obs, state), actions = lax.scan(step, (obs, state), None, length=self.horizon)
        nnx.update(self.policy, state)
        return obs, actions


def main():
    policy = DropoutPolicy(4, 2, rngs=nnx.Rngs(params=0, dropout=1))
    agent = Agent(policy)
    agent.rollout(jnp.ones((1, 4)))
    return None
