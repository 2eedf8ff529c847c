# label: ok
# flax-error: none
# class: 3 the ActionSampler object's `key` attribute is split outside the loop and the step keys are scanned as xs
import jax.numpy as jnp
from flax import linen as nn
from jax import lax, random


class ActorHead(nn.Module):
    n_actions: int = 4
    hidden: int = 16

    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(self.hidden)(obs))
        return nn.Dense(self.n_actions)(h)


class ActionSampler:
    def __init__(self, net, params, seed=0, temperature=1.0):
        self.net = net
        self.params = params
        self.temperature = temperature
        self.key = random.key(seed)

    def logits(self, obs):
        return self.net.apply(self.params, obs) / self.temperature

    def sample_actions(self, obs, n_draws):
        self.key, *step_keys = random.split(self.key, n_draws + 1)

        def body(carry, key):
            action = random.categorical(key, self.logits(obs), axis=-1)
            return carry, action

        _, actions = lax.scan(body, None, jnp.stack(step_keys))
        return actions


def main():
    net = ActorHead()
    obs = jnp.zeros((4, 5))
    params = net.init(random.key(42), obs)
    sampler = ActionSampler(net, params, seed=3, temperature=2.0)
    return sampler.sample_actions(obs, n_draws=8)
