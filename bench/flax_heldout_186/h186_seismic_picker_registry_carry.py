# label: ok
# flax-error: none
# class: 5 a step builder registered with @register_step closes over model.apply; the model wraps its blocks in nn.remat and the scan body applies it in train mode with mutable=['batch_stats'], carrying the stats
"""Seismic phase picking (P/S arrival detection) on three-component waveforms. Training steps are
looked up by name in a registry so that the job config can switch objectives."""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
import flax.linen as nn

STEP_BUILDERS: Dict[str, Callable] = {}


def register_step(name):
    def decorator(builder):
        STEP_BUILDERS[name] = builder
        return builder
    return decorator


class ConvBlock(nn.Module):
    features: int
    train: bool

    @nn.compact
    def __call__(self, x):
        x = nn.Conv(self.features, kernel_size=(5,))(x)
        x = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)(x)
        return nn.relu(x)


class PhasePicker(nn.Module):
    train: bool = False

    @nn.compact
    def __call__(self, waveforms):
        x = waveforms
        for features in (8, 8):
            x = nn.remat(ConvBlock)(features, self.train)(x)
        return nn.Conv(3, kernel_size=(1,))(x)  # noise / P / S logits per sample


@register_step("phase_cross_entropy")
def build_phase_step(model_cls, variables, learning_rate):
    model = model_cls(train=True)

    def step(carry, batch):
        params, batch_stats = carry
        waves, labels = batch

        def loss_fn(p):
            logits, updates = model.apply({"params": p, "batch_stats": batch_stats}, waves,
                                          mutable=["batch_stats"])
            loss = -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * labels, axis=-1))
            return loss, updates["batch_stats"]

        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = jax.tree.map(lambda a, g: a - learning_rate * g, params, grads)
        return (params, batch_stats), loss

    return step


def main():
    waves = jax.random.normal(jax.random.key(0), (3, 2, 64, 3))
    labels = jax.nn.one_hot(jax.random.randint(jax.random.key(1), (3, 2, 64), 0, 3), 3)
    variables = PhasePicker(train=False).init(jax.random.key(2), waves[0])
    step = STEP_BUILDERS["phase_cross_entropy"](PhasePicker, variables, 0.05)
    carry = (variables["params"], variables["batch_stats"])
    carry, losses = jax.lax.scan(step, carry, (waves, labels))
    losses.block_until_ready()
    return None
