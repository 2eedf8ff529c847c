# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 7 (28 B)
# class: 3 Trainer.train_epoch scan body calls a _step method that runs nnx.value_and_grad on the policy and optimizer held by the trainer
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


class Trainer:
    def __init__(self, policy, cfg: BCConfig):
        self.policy = policy
        self.optimizer = nnx.Optimizer(policy, optax.adam(cfg.lr), wrt=nnx.Param)

    def _step(self, batch):
        loss, grads = nnx.value_and_grad(bc_loss)(self.policy, batch)
        self.optimizer.update(self.policy, grads)
        return loss

    def train_epoch(self, batches):
        def body(carry, batch):
            return carry, self._step(batch)

        _, losses = jax.lax.scan(body, None, batches)
        return losses.mean()


def demo_batches(key, cfg, n, bs):
    k1, k2 = jax.random.split(key)
    obs = jax.random.normal(k1, (n, bs, cfg.obs_dim))
    w = jax.random.normal(k2, (cfg.obs_dim, cfg.act_dim)) * 0.3
    return {"obs": obs, "act": jnp.tanh(obs @ w)}


def main():
    cfg = BCConfig()
    policy = BCPolicy(cfg, nnx.Rngs(0))
    trainer = Trainer(policy, cfg)
    batches = demo_batches(jax.random.key(1), cfg, 4, 8)
    for _ in range(2):
        loss = trainer.train_epoch(batches)
    print("bc loss", float(loss))
    return None
