# label: ok
# flax-error: none
# class: 3 scan body of collect() carries the running return; agent.stats, a plain Python helper held by the nnx agent, is updated after the scan
"""Advantage actor-critic on a vectorised toy control task.

The rollout collects a fixed-length batch of transitions; episode statistics
are kept on the agent for logging.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class EpisodeStats:
    """Running return bookkeeping for the console logger."""

    def __init__(self):
        self.running = None
        self.history = []

    def log_episode(self, total_reward):
        self.running = total_reward
        self.history.append(self.running)

    def mean_return(self):
        return jnp.mean(self.history[-1])


@dataclasses.dataclass(frozen=True)
class A2CConfig:
    obs_dim: int = 3
    n_actions: int = 2
    n_envs: int = 6
    horizon: int = 5
    gamma: float = 0.95


class ActorCritic(nnx.Module):
    def __init__(self, cfg: A2CConfig, rngs: nnx.Rngs):
        self.torso = nnx.Linear(cfg.obs_dim, 32, rngs=rngs)
        self.pi = nnx.Linear(32, cfg.n_actions, rngs=rngs)
        self.v = nnx.Linear(32, 1, rngs=rngs)
        self.stats = EpisodeStats()

    def __call__(self, obs):
        h = nnx.tanh(self.torso(obs))
        return self.pi(h), self.v(h)[..., 0]


def env_step(obs, action):
    nxt = 0.9 * obs + (action[:, None] - 0.5) * 0.2
    return nxt, -jnp.sum(nxt**2, -1)


def collect(agent, obs, key, horizon):
    def body(carry, k):
        o, running = carry
        logits, _ = agent(o)
        a = jax.random.categorical(k, logits)
        nxt, r = env_step(o, a)
        return (nxt, running + r), (o, a, r)
    init = (obs, jnp.zeros(obs.shape[0]))
    (_, total), batch = jax.lax.scan(body, init, jax.random.split(key, horizon))
    agent.stats.log_episode(total)
    return batch


def a2c_loss(agent, batch, gamma):
    o, a, r = batch
    logits, values = agent(o)
    acc, returns = jnp.zeros_like(r[0]), []
    for t in reversed(range(r.shape[0])):
        acc = r[t] + gamma * acc
        returns.insert(0, acc)
    returns = jnp.stack(returns)
    adv = jax.lax.stop_gradient(returns - values)
    logp = jnp.take_along_axis(jax.nn.log_softmax(logits), a[..., None], -1)[..., 0]
    return -jnp.mean(logp * adv) + 0.5 * jnp.mean((returns - values) ** 2)


def main():
    cfg = A2CConfig()
    agent = ActorCritic(cfg, nnx.Rngs(0))
    optimizer = nnx.Optimizer(agent, optax.rmsprop(7e-4), wrt=nnx.Param)
    obs = jax.random.normal(jax.random.key(1), (cfg.n_envs, cfg.obs_dim))
    batch = collect(agent, obs, jax.random.key(2), cfg.horizon)
    loss, grads = nnx.value_and_grad(a2c_loss)(agent, batch, cfg.gamma)
    optimizer.update(agent, grads)
    print(f"loss {float(loss):.3f} return {float(agent.stats.mean_return()):.3f}")
    return None
