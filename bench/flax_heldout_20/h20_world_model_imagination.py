# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 BatchNorm of the held dynamics network updates batch_stats inside the imagine() scan; the Trainer keeps the returned batch_stats and reuses them
"""Latent world model trained on imagined rollouts (Dreamer-style, heavily simplified).

WorldModel.__call__ is a one-step transition used for initialisation and the
reconstruction loss; imagine() rolls the transition forward over an action sequence.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


@dataclasses.dataclass(frozen=True)
class WMConfig:
    obs_dim: int = 6
    act_dim: int = 2
    latent: int = 16
    horizon: int = 5


class Dynamics(nn.Module):
    latent: int

    @nn.compact
    def __call__(self, z, a, train: bool):
        h = nn.Dense(self.latent)(jnp.concatenate([z, a], axis=-1))
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return z + nn.elu(h)


class WorldModel(nn.Module):
    cfg: WMConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.latent)
        self.dynamics = Dynamics(self.cfg.latent)
        self.reward_head = nn.Dense(1)

    def __call__(self, obs, act, train: bool = True):
        z_next = self.dynamics(self.encoder(obs), act, train)
        return self.reward_head(z_next).squeeze(-1)

    def _predict(self, z, a, train):
        z = self.dynamics(z, a, train)
        return z, self.reward_head(z).squeeze(-1)

    def imagine(self, obs0, actions, train: bool = True):
        z0 = self.encoder(obs0)
        _, rewards = jax.lax.scan(lambda z, a: self._predict(z, a, train), z0, actions)
        return rewards


class Trainer:
    def __init__(self, model, variables, lr=1e-3):
        self.model = model
        self.params, self.batch_stats = variables["params"], variables["batch_stats"]
        self.tx = optax.adam(lr)
        self.opt_state = self.tx.init(self.params)

    def _loss(self, params, obs0, actions, target_return):
        rewards, updates = self.model.apply(
            {"params": params, "batch_stats": self.batch_stats}, obs0, actions,
            method=WorldModel.imagine, mutable=["batch_stats"])
        return jnp.mean((rewards.sum(0) - target_return) ** 2), updates

    def step(self, obs0, actions, target_return):
        (loss, updates), grads = jax.value_and_grad(self._loss, has_aux=True)(
            self.params, obs0, actions, target_return)
        upd, self.opt_state = self.tx.update(grads, self.opt_state)
        self.params = optax.apply_updates(self.params, upd)
        self.batch_stats = updates["batch_stats"]
        return loss

    def evaluate(self, obs, act):
        variables = {"params": self.params, "batch_stats": self.batch_stats}
        return self.model.apply(variables, obs, act, train=False)


def main():
    cfg = WMConfig()
    model = WorldModel(cfg)
    obs0 = jax.random.normal(jax.random.key(0), (8, cfg.obs_dim))
    actions = jax.random.normal(jax.random.key(1), (cfg.horizon, 8, cfg.act_dim))
    variables = model.init(jax.random.key(2), obs0, actions[0])
    trainer = Trainer(model, variables)
    for _ in range(2):
        trainer.step(obs0, actions, jnp.ones(8))
    trainer.evaluate(obs0, actions[0])
    return None
