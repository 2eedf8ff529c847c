# label: ok
# flax-error: none
# class: 3 a game agent keeps policies and their variables in dicts and swaps the active one at run time; the raw lax.scan rollout body applies the swapped-in BatchNorm policy with train=False
import jax
import jax.numpy as jnp
import flax.linen as nn


class CautiousPolicy(nn.Module):
    n_actions: int = 4

    @nn.compact
    def __call__(self, obs, train: bool = True):
        return nn.Dense(self.n_actions)(nn.tanh(nn.Dense(32)(obs)))


class AggressivePolicy(nn.Module):
    n_actions: int = 4

    @nn.compact
    def __call__(self, obs, train: bool = True):
        h = nn.Dense(32)(obs)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(self.n_actions)(nn.relu(h))


class Agent:
    def __init__(self, sample_obs):
        self.policies = {"cautious": CautiousPolicy(), "aggressive": AggressivePolicy()}
        self.variables = {
            name: p.init(jax.random.key(i), sample_obs) for i, (name, p) in enumerate(self.policies.items())
        }
        self.active = "cautious"

    def swap(self, name):
        self.active = name

    def act(self, obs, train=False):
        logits = self.policies[self.active].apply(self.variables[self.active], obs, train=train)
        return jnp.argmax(logits, axis=-1)


def env_step(obs, action):
    return obs * 0.9 + 0.1 * action[:, None].astype(obs.dtype)


def rollout(agent, obs0, horizon=8):
    def body(obs, _):
        action = agent.act(obs)
        return env_step(obs, action), action

    return jax.lax.scan(body, obs0, None, length=horizon)


def main():
    obs0 = jnp.ones((3, 6))
    agent = Agent(obs0)
    rollout(agent, obs0)
    agent.swap("aggressive")
    rollout(agent, obs0)
    return None
