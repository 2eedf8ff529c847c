# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the fori_loop body applies the model with mutable=['batch_stats'] and rebinds the enclosing function's local `variables` via nonlocal
"""Recomputing BatchNorm statistics after weight averaging (SWA-style).

Modelled on a Flax Discussions thread: the user loops over calibration
batches with jax.lax.fori_loop, applies the model in training mode and writes
the updated batch_stats back into the enclosing `variables`, then evaluates.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        x = x.mean(axis=(1, 2))
        return nn.Dense(10)(x)


def recalibrate_and_eval(model, variables, calib, test_x):
    def body(i, acc):
        nonlocal variables
        _, updates = model.apply(variables, calib[i], train=True, mutable=['batch_stats'])
        variables = {'params': variables['params'], 'batch_stats': updates['batch_stats']}
        return acc + 1

    jax.lax.fori_loop(0, calib.shape[0], body, 0)
    logits = model.apply(variables, test_x, train=False)
    return jnp.argmax(logits, -1)


def main():
    model = ConvNet()
    rng = jax.random.PRNGKey(0)
    calib = jax.random.normal(rng, (4, 2, 8, 8, 1))
    test_x = jax.random.normal(jax.random.PRNGKey(1), (3, 8, 8, 1))
    variables = model.init(jax.random.PRNGKey(2), test_x, train=False)
    preds = recalibrate_and_eval(model, variables, calib, test_x)
    preds.block_until_ready()
    return None
