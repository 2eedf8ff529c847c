# label: ok
# flax-error: none
# class: 5 a step factory builds the scan body, which merges model and optimizer from the carry; each step's params leave the scan as ys and the trainer averages them after the loop
"""Surface finish model of the glass polishing line, fitted to the profilometer readings of the
day with stochastic weight averaging over the steps of the fit."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


@dataclass(frozen=True)
class PolishConfig:
    pad_features: int = 4
    hidden: int = 6
    steps: int = 5
    batch_size: int = 8
    learning_rate: float = 0.05
    averaging: str = "swa"
    seed: int = 6


class SurfaceFinishModel(nnx.Module):
    def __init__(self, cfg: PolishConfig, rngs: nnx.Rngs):
        self.pads = nnx.Linear(cfg.pad_features, cfg.hidden, rngs=rngs)
        self.roughness = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, pad_settings):
        return self.roughness(nnx.tanh(self.pads(pad_settings)))[..., 0]


def roughness_loss(model, pad_settings, measured):
    return jnp.mean((model(pad_settings) - measured) ** 2)


def make_polish_step(graphdef):
    def polish_step(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(roughness_loss)(model, *batch)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), (loss, nnx.state(model, nnx.Param))

    return polish_step


def averaged_params(stacked):
    return jax.tree.map(lambda steps: jnp.mean(steps, axis=0), stacked)


class PolishTrainer:
    def __init__(self, cfg: PolishConfig):
        self.cfg = cfg
        self.model = SurfaceFinishModel(cfg, nnx.Rngs(cfg.seed))
        self.optimizer = nnx.Optimizer(self.model, optax.sgd(cfg.learning_rate), wrt=nnx.Param)

    def fit_day(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))
        state, (losses, per_step_params) = scan(make_polish_step(graphdef), state, batches)
        nnx.update((self.model, self.optimizer), state)
        if self.cfg.averaging == "swa":
            nnx.update(self.model, averaged_params(per_step_params))
        return losses


class FinishEvaluator:
    def __init__(self, trainer: PolishTrainer):
        self.trainer = trainer

    def check(self, pad_settings, measured):
        return roughness_loss(self.trainer.model, pad_settings, measured)


def profilometer_batches(cfg: PolishConfig):
    k1, k2 = jax.random.split(jax.random.key(cfg.seed))
    pads = jax.random.uniform(k1, (cfg.steps, cfg.batch_size, cfg.pad_features))
    measured = jax.random.uniform(k2, (cfg.steps, cfg.batch_size)) * 0.2
    return pads, measured


def main():
    cfg = PolishConfig()
    trainer = PolishTrainer(cfg)
    pads, measured = profilometer_batches(cfg)
    losses = trainer.fit_day((pads, measured))
    final = FinishEvaluator(trainer).check(pads[0], measured[0])
    jax.block_until_ready((losses, final))
    return None
