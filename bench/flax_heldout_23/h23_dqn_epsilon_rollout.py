# label: same-values
# flax-error: none
# class: 4 make_actor() closes over one 'explore' key; the scan body of RolloutWorker.collect calls apply(method=act) with it, act calls make_rng
"""DQN data collection with an epsilon-greedy actor and a target network.

At the start of training epsilon is 1, so the actor explores uniformly.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


@dataclasses.dataclass(frozen=True)
class DQNConfig:
    obs_dim: int = 4
    n_actions: int = 4
    n_envs: int = 8
    horizon: int = 6
    gamma: float = 0.97


class QNetwork(nn.Module):
    cfg: DQNConfig

    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(32)(obs))
        return nn.Dense(self.cfg.n_actions)(h)

    def act(self, obs, epsilon):
        q = self(obs)
        k_coin, k_act = jax.random.split(self.make_rng("explore"))
        explore = jax.random.uniform(k_coin, q.shape[:1]) < epsilon
        random_a = jax.random.randint(k_act, q.shape[:1], 0, self.cfg.n_actions)
        return jnp.where(explore, random_a, q.argmax(-1))


def make_actor(model, params, key):
    def actor(obs, epsilon):
        return model.apply({"params": params}, obs, epsilon, method=QNetwork.act, rngs={"explore": key})
    return actor


def toy_env_step(obs, action):
    nxt = jnp.roll(obs, 1, -1) + 0.1 * action[:, None]
    return nxt, -jnp.abs(nxt).sum(-1)


class RolloutWorker:
    def __init__(self, cfg, actor):
        self.cfg, self.actor = cfg, actor

    def collect(self, obs, epsilon):
        def body(o, _):
            a = self.actor(o, epsilon)
            nxt, r = toy_env_step(o, a)
            return nxt, (o, a, r, nxt)
        _, batch = jax.lax.scan(body, obs, None, length=self.cfg.horizon)
        return batch


def td_loss(model, params, target_params, batch, gamma):
    o, a, r, nxt = batch
    q = jnp.take_along_axis(model.apply({"params": params}, o), a[..., None], -1)[..., 0]
    q_next = model.apply({"params": target_params}, nxt).max(-1)
    return optax.huber_loss(q, r + gamma * jax.lax.stop_gradient(q_next)).mean()


def main():
    cfg = DQNConfig()
    model = QNetwork(cfg)
    obs = jax.random.normal(jax.random.key(0), (cfg.n_envs, cfg.obs_dim))
    params = model.init(jax.random.key(1), obs)["params"]
    target_params = jax.tree.map(jnp.copy, params)
    worker = RolloutWorker(cfg, make_actor(model, params, jax.random.key(2)))
    batch = jax.jit(worker.collect)(obs, 1.0)
    float(td_loss(model, params, target_params, batch, cfg.gamma))
    return batch[1]
