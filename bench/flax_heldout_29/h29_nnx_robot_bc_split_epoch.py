# label: ok
# flax-error: none
# class: 4 make_train_epoch factory carries the nnx.split state of (policy, optimizer) through the scan, merges it in the body and nnx.update writes it back after the loop
"""Behaviour cloning for a 7-DoF arm: an MLP policy regresses demonstrated joint velocities."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class BCConfig:
    obs_dim: int = 10
    act_dim: int = 7
    hidden: int = 32
    lr: float = 1e-3


class BCPolicy(nnx.Module):
    def __init__(self, cfg: BCConfig, rngs: nnx.Rngs):
        self.torso = nnx.Sequential(
            nnx.Linear(cfg.obs_dim, cfg.hidden, rngs=rngs), nnx.relu,
            nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs), nnx.relu)
        self.head = nnx.Linear(cfg.hidden, cfg.act_dim, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.head(self.torso(obs)))


def bc_loss(policy, batch):
    pred = policy(batch["obs"])
    return jnp.mean((pred - batch["act"]) ** 2)


def make_train_epoch(graphdef):
    def step(state, batch):
        policy, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(bc_loss)(policy, batch)
        optimizer.update(policy, grads)
        return nnx.state((policy, optimizer)), loss

    def train_epoch(state, batches):
        state, losses = jax.lax.scan(step, state, batches)
        return state, losses.mean()

    return train_epoch


def demo_batches(key, cfg, n, bs):
    k1, k2 = jax.random.split(key)
    obs = jax.random.normal(k1, (n, bs, cfg.obs_dim))
    w = jax.random.normal(k2, (cfg.obs_dim, cfg.act_dim)) * 0.3
    return {"obs": obs, "act": jnp.tanh(obs @ w)}


def main():
    cfg = BCConfig()
    policy = BCPolicy(cfg, nnx.Rngs(0))
    optimizer = nnx.Optimizer(policy, optax.adam(cfg.lr), wrt=nnx.Param)
    graphdef, state = nnx.split((policy, optimizer))
    train_epoch = make_train_epoch(graphdef)
    batches = demo_batches(jax.random.key(1), cfg, 4, 8)
    for _ in range(2):
        state, loss = train_epoch(state, batches)
    nnx.update((policy, optimizer), state)
    print("bc loss", float(loss), float(bc_loss(policy, jax.tree.map(lambda a: a[0], batches))))
    return None
