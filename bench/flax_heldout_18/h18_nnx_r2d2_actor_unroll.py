# label: ok
# flax-error: none
# class: 3 the actor's unroll scans over (observation, key) pairs; each step's act() draws epsilon-greedy exploration from the key it was given and reads the eval-mode Q-network
"""R2D2-style recurrent actor in NNX: burn-in the LSTM, then act epsilon-greedily with per-step keys."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class ActorConfig:
    obs_dim: int = 6
    num_actions: int = 4
    lstm: int = 16
    epsilon: float = 0.3
    burn_in: int = 2
    unroll: int = 5


class RecurrentQNet(nnx.Module):
    def __init__(self, cfg, rngs):
        self.torso = nnx.Linear(cfg.obs_dim, 32, rngs=rngs)
        self.core = nnx.OptimizedLSTMCell(32, cfg.lstm, rngs=rngs)
        self.q_head = nnx.Linear(cfg.lstm, cfg.num_actions, rngs=rngs)

    def __call__(self, carry, obs):
        carry, h = self.core(carry, nnx.relu(self.torso(obs)))
        return carry, self.q_head(h)


class EpsilonGreedyActor:
    def __init__(self, net, cfg):
        self.net, self.cfg = net, cfg

    def act(self, carry, inputs):
        obs, key = inputs
        carry, q = self.net(carry, obs)
        k_u, k_a = jax.random.split(key)
        u = jax.random.uniform(k_u, q.shape[:-1])
        random_action = jax.random.randint(k_a, q.shape[:-1], 0, self.cfg.num_actions)
        action = jnp.where(u < self.cfg.epsilon, random_action, jnp.argmax(q, -1))
        return carry, {"action": action, "u": u}

    def unroll(self, carry, observations, key):
        burn, live = observations[: self.cfg.burn_in], observations[self.cfg.burn_in:]
        carry, _ = jax.lax.scan(lambda c, o: (self.net(c, o)[0], None), carry, burn)
        keys = jax.random.split(key, live.shape[0])
        _, out = jax.lax.scan(self.act, carry, (live, keys))
        return out


def main():
    cfg = ActorConfig()
    net = RecurrentQNet(cfg, nnx.Rngs(0))
    net.eval()
    batch = 2
    carry = (jnp.zeros((batch, cfg.lstm)), jnp.zeros((batch, cfg.lstm)))
    obs = jax.random.normal(jax.random.key(1), (cfg.burn_in + cfg.unroll, batch, cfg.obs_dim))
    out = EpsilonGreedyActor(net, cfg).unroll(carry, obs, jax.random.key(2))
    return out
