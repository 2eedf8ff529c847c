# label: ok
# flax-error: none
# class: 2 the fori_loop carry holds the batch_stats; the body applies the model with mutable=['batch_stats'] and returns the update
"""Recomputing BatchNorm statistics after weight averaging (SWA-style).

Twin of h221_bn_recalibrate: the batch statistics travel through the
fori_loop carry instead of being written back into the enclosing `variables`,
and are put back together with the params after the loop.
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
    params = variables['params']

    def body(i, batch_stats):
        _, updates = model.apply({'params': params, 'batch_stats': batch_stats},
                                 calib[i], train=True, mutable=['batch_stats'])
        return updates['batch_stats']

    batch_stats = jax.lax.fori_loop(0, calib.shape[0], body, variables['batch_stats'])
    variables = {'params': params, 'batch_stats': batch_stats}
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
