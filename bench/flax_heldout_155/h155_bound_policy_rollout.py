# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the fori_loop body calls self.agent.net.encode, a module bound with bind(variables) and reached through the runner and the agent
"""Policy rollout with a bound Linen module stored on an agent.

Modelled on reports where `module.bind(variables)` is used to get an "object-oriented"
network, kept on an agent object, and called from a raw fori_loop rollout; the encoder still
has a BatchNorm in training mode and the binding is immutable.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Policy(nn.Module):
    n_actions: int = 3
    train: bool = True

    def setup(self):
        self.torso = nn.Dense(16)
        self.norm = nn.BatchNorm(use_running_average=not self.train)
        self.logits = nn.Dense(self.n_actions)

    def encode(self, obs):
        return nn.relu(self.norm(self.torso(obs)))

    def __call__(self, obs):
        return self.logits(self.encode(obs))


class Agent:
    def __init__(self, net):
        self.net = net

    def act(self, h):
        return jnp.argmax(self.net.logits(h), axis=-1)


class Runner:
    def __init__(self, agent, horizon):
        self.agent = agent
        self.horizon = horizon

    def rollout(self, obs0):
        def body(t, carry):
            obs, ret = carry
            h = self.agent.net.encode(obs)
            a = self.agent.act(h)
            obs = 0.9 * obs + 0.1 * a[:, None].astype(obs.dtype)
            return obs, ret + jnp.sum(h)

        return lax.fori_loop(0, self.horizon, body, (obs0, jnp.zeros(())))


def main():
    policy = Policy()
    obs0 = jax.random.normal(jax.random.key(0), (4, 5))
    variables = Policy(train=False).init(jax.random.key(1), obs0)
    runner = Runner(Agent(policy.bind(variables)), horizon=6)
    obs, ret = runner.rollout(obs0)
    print(ret)
    return None
