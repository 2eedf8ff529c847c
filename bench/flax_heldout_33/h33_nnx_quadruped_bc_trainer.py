# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 12 (48 B)
# class: 3 Trainer.fit()'s fori_loop body calls the _update() method, which runs nnx.value_and_grad and optimizer.update on the policy and optimizer stored on the Trainer
"""Behaviour cloning of a quadruped gait controller from expert rollouts.

Observations are joint angles/velocities plus IMU readings; the policy outputs
target joint positions for a PD controller. Several gradient steps run inside
one compiled fori_loop to amortise host overhead.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class BCConfig:
    obs_dim: int = 18
    act_dim: int = 12
    hidden: int = 32
    batch: int = 8
    steps_per_call: int = 5
    lr: float = 3e-4


class GaitPolicy(nnx.Module):
    def __init__(self, cfg: BCConfig, *, rngs: nnx.Rngs):
        self.trunk = nnx.Sequential(
            nnx.Linear(cfg.obs_dim, cfg.hidden, rngs=rngs), nnx.elu,
            nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs), nnx.elu,
        )
        self.mean = nnx.Linear(cfg.hidden, cfg.act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((cfg.act_dim,), -1.0))

    def __call__(self, obs):
        h = self.trunk(obs)
        return jnp.tanh(self.mean(h)), self.log_std[...]


def bc_loss(policy, batch):
    mean, log_std = policy(batch["obs"])
    nll = 0.5 * ((batch["act"] - mean) / jnp.exp(log_std)) ** 2 + log_std
    return nll.sum(-1).mean()


class Trainer:
    def __init__(self, cfg: BCConfig, policy: GaitPolicy):
        self.cfg = cfg
        self.policy = policy
        self.optimizer = nnx.Optimizer(policy, optax.adam(cfg.lr), wrt=nnx.Param)

    def _update(self, batch):
        loss, grads = nnx.value_and_grad(bc_loss)(self.policy, batch)
        self.optimizer.update(self.policy, grads)
        return loss

    def fit(self, dataset):
        n = self.cfg.steps_per_call

        def body(i, losses):
            batch = jax.tree.map(lambda a: a[i], dataset)
            return losses.at[i].set(self._update(batch))

        return lax.fori_loop(0, n, body, jnp.zeros((n,)))


def expert_dataset(cfg, key):
    k1, k2 = jax.random.split(key)
    obs = jax.random.normal(k1, (cfg.steps_per_call, cfg.batch, cfg.obs_dim))
    w = jax.random.normal(k2, (cfg.obs_dim, cfg.act_dim)) / jnp.sqrt(cfg.obs_dim)
    return {"obs": obs, "act": jnp.tanh(obs @ w)}


def main():
    cfg = BCConfig()
    trainer = Trainer(cfg, GaitPolicy(cfg, rngs=nnx.Rngs(0)))
    losses = trainer.fit(expert_dataset(cfg, jax.random.PRNGKey(1)))
    float(losses[-1])
    return None
