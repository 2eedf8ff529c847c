# label: ok
# flax-error: none
# class: 3 online/target Q-nets split outside, states carried through a raw fori_loop; helper functions merge inside and a Polyak helper updates the target
"""DQN update loop excerpt: online network trained with TD loss against an
EMA target network; everything threaded through lax.fori_loop."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclass(frozen=True)
class DQNConfig:
    obs_dim: int = 4
    n_actions: int = 2
    hidden: int = 32
    gamma: float = 0.99
    tau: float = 0.05
    lr: float = 3e-4
    updates: int = 10
    batch: int = 16


class QNetwork(nnx.Module):
    def __init__(self, cfg: DQNConfig, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(cfg.obs_dim, cfg.hidden, rngs=rngs)
        self.l2 = nnx.Linear(cfg.hidden, cfg.n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.l2(nnx.relu(self.l1(obs)))


def td_loss(online, target_q, batch, gamma):
    obs, act, rew, nxt, done = batch
    q = jnp.take_along_axis(online(obs), act[:, None], axis=1)[:, 0]
    y = rew + gamma * (1.0 - done) * target_q(nxt).max(-1)
    return jnp.mean((q - jax.lax.stop_gradient(y)) ** 2)


def polyak(target_params, online_params, tau):
    return jax.tree.map(lambda t, o: (1 - tau) * t + tau * o, target_params, online_params)


def fake_batch(key, cfg):
    k = jax.random.split(key, 4)
    obs = jax.random.normal(k[0], (cfg.batch, cfg.obs_dim))
    act = jax.random.randint(k[1], (cfg.batch,), 0, cfg.n_actions)
    rew = jax.random.normal(k[2], (cfg.batch,))
    nxt = jax.random.normal(k[3], (cfg.batch, cfg.obs_dim))
    return obs, act, rew, nxt, jnp.zeros(cfg.batch)


def run_updates(cfg, online, target, optimizer, key):
    train_def, train_state = nnx.split((online, optimizer))
    target_def, target_state = nnx.split(target)

    def update(i, carry):
        train_state, target_state = carry
        online, optimizer = nnx.merge(train_def, train_state)
        target_q = nnx.merge(target_def, target_state)
        batch = fake_batch(jax.random.fold_in(key, i), cfg)
        grads = nnx.grad(td_loss)(online, target_q, batch, cfg.gamma)
        optimizer.update(online, grads)
        target_state = polyak(target_state, nnx.state(online, nnx.Param), cfg.tau)
        return nnx.state((online, optimizer)), target_state

    train_state, target_state = jax.lax.fori_loop(0, cfg.updates, update, (train_state, target_state))
    nnx.update((online, optimizer), train_state)
    nnx.update(target, target_state)


def main():
    cfg = DQNConfig()
    online = QNetwork(cfg, nnx.Rngs(0))
    target = nnx.clone(online)
    optimizer = nnx.Optimizer(online, optax.adam(cfg.lr), wrt=nnx.Param)
    run_updates(cfg, online, target, optimizer, jax.random.key(1))
    jax.tree.map(lambda a: a + 0, (nnx.state(online, nnx.Param), nnx.state(target, nnx.Param)))
    return None
