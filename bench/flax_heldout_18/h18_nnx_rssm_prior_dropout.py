# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the prior MLP's Dropout carries its own Rngs and is reached from img_step inside the fori_loop body of a WorldModel.imagine() method
"""Dreamer-style world model in NNX: a deterministic GRU path with a stochastic prior, imagined forward."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class WorldConfig:
    deter: int = 16
    stoch: int = 4
    action_dim: int = 2
    hidden: int = 16
    horizon: int = 6


class PriorNet(nnx.Module):
    def __init__(self, cfg, rngs):
        self.hidden = nnx.Linear(cfg.deter, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 2 * cfg.stoch, rngs=rngs)

    def __call__(self, deter):
        mean, raw = jnp.split(self.out(self.drop(nnx.elu(self.hidden(deter)))), 2, -1)
        return mean, nnx.softplus(raw) + 0.1


class RSSM(nnx.Module):
    def __init__(self, cfg, rngs):
        self.inp = nnx.Linear(cfg.stoch + cfg.action_dim, cfg.hidden, rngs=rngs)
        self.gru = nnx.GRUCell(cfg.hidden, cfg.deter, rngs=rngs)
        self.prior = PriorNet(cfg, rngs)

    def img_step(self, deter, stoch, action):
        deter, _ = self.gru(deter, nnx.elu(self.inp(jnp.concatenate([stoch, action], -1))))
        mean, std = self.prior(deter)
        return deter, mean, std


class WorldModel(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.rssm = RSSM(cfg, rngs)
        self.reward = nnx.Linear(cfg.deter + cfg.stoch, 1, rngs=rngs)

    def imagine(self, deter, stoch, actions, noise):
        rewards = jnp.zeros((self.cfg.horizon, deter.shape[0]))

        def body(t, carry):
            deter, stoch, rewards = carry
            deter, mean, std = self.rssm.img_step(deter, stoch, actions[t])
            stoch = mean + std * noise[t]
            r = self.reward(jnp.concatenate([deter, stoch], -1))[:, 0]
            return deter, stoch, rewards.at[t].set(r)

        _, _, rewards = jax.lax.fori_loop(0, self.cfg.horizon, body, (deter, stoch, rewards))
        return rewards


def main():
    cfg = WorldConfig()
    world = WorldModel(cfg, nnx.Rngs(params=0, dropout=1))
    batch = 3
    deter, stoch = jnp.zeros((batch, cfg.deter)), jnp.zeros((batch, cfg.stoch))
    k1, k2 = jax.random.split(jax.random.key(2))
    actions = jnp.tanh(jax.random.normal(k1, (cfg.horizon, batch, cfg.action_dim)))
    noise = jax.random.normal(k2, (cfg.horizon, batch, cfg.stoch))
    rewards = world.imagine(deter, stoch, actions, noise)
    returns = jnp.cumsum(rewards[::-1], 0)[::-1]
    returns.block_until_ready()
    return None
