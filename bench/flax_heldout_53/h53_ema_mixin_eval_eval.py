# label: ok
# flax-error: none
# class: 2 EMA mixin stores functools.partial(model.apply, ema_variables); the evaluator's raw scan body calls it with train=False from the eval config
"""Trainer with an EMA mixin; evaluation of the EMA weights runs over the eval batches in a scan."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass
class EvalConfig:
    train_mode: bool = False
    decay: float = 0.99


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(3)(nn.gelu(x))


class EMAMixin:
    def init_ema(self, variables, decay):
        self.ema_variables = variables
        self.decay = decay

    def update_ema(self, variables):
        self.ema_variables = jax.tree.map(
            lambda e, v: self.decay * e + (1 - self.decay) * v, self.ema_variables, variables
        )

    def ema_apply_fn(self):
        return functools.partial(self.model.apply, self.ema_variables)


class Trainer(EMAMixin):
    def __init__(self, model, variables, cfg):
        self.model = model
        self.variables = variables
        self.cfg = cfg
        self.init_ema(variables, cfg.decay)


class Evaluator:
    def __init__(self, trainer):
        self.trainer = trainer

    def evaluate(self, xs, ys):
        apply_fn = self.trainer.ema_apply_fn()
        train = self.trainer.cfg.train_mode

        def body(acc, batch):
            x, y = batch
            logits = apply_fn(x, train=train)
            return acc + jnp.mean(jnp.argmax(logits, -1) == y), None

        acc, _ = lax.scan(body, jnp.zeros(()), (xs, ys))
        return acc / xs.shape[0]


def main():
    model = Classifier()
    xs = jax.random.normal(jax.random.key(0), (5, 8, 4))
    ys = jnp.zeros((5, 8), jnp.int32)
    variables = model.init(jax.random.key(1), xs[0], train=False)
    trainer = Trainer(model, variables, EvalConfig())
    trainer.update_ema(variables)
    Evaluator(trainer).evaluate(xs, ys)
    return None
