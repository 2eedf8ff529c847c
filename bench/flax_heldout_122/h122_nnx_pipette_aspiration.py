# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 net, a parameter of refine_plunger left in training mode, is called in the while_loop body and its BatchNorm updates its stats
"""Laboratory robot pipetting: refine the plunger travel of an 8-channel head until every
channel aspirates within tolerance, with a learned viscosity correction."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class AspirationNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin1 = nnx.Linear(3, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.lin2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.lin2(nnx.relu(self.bn(self.lin1(x))))[..., 0]


def refine_plunger(net, viscosity, target_ul, tol=0.05, max_iter=25):
    def cond(carry):
        volume, it = carry
        return (jnp.max(jnp.abs(volume - target_ul)) > tol) & (it < max_iter)

    def body(carry):
        volume, it = carry
        feats = jnp.stack([volume / target_ul, viscosity, target_ul - volume], axis=-1)
        volume = volume + 0.5 * (target_ul - volume) + 0.01 * net(feats)
        return volume, it + 1

    start = jnp.zeros_like(viscosity)
    return lax.while_loop(cond, body, (start, jnp.zeros((), jnp.int32)))


def main():
    viscosity = jnp.array([1.0, 1.1, 0.9, 1.4, 1.0, 2.2, 1.0, 0.8])  # per channel, cP
    net = AspirationNet(nnx.Rngs(0))
    volume, iters = refine_plunger(net, viscosity, target_ul=20.0)
    jax.block_until_ready(volume)
    return None
