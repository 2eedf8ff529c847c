# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a local dict of sluice models in operate_flight is filled lazily, keyed by lock name, from inside the scan body and used again after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SluiceModel(nnx.Module):
    """Water let through a canal lock's sluices per minute of filling."""

    def __init__(self, rngs: nnx.Rngs):
        self.paddles = nnx.Linear(2, 1, rngs=rngs)

    def __call__(self, levels):
        return nnx.softplus(self.paddles(levels))


def operate_flight(lock_names, levels_by_minute, seed=0):
    sluices = {}

    def sluice_for(name):
        if name not in sluices:
            sluices[name] = SluiceModel(nnx.Rngs(seed + len(sluices)))
        return sluices[name]

    totals = {}
    for name in lock_names:
        def minute(filled, levels, name=name):
            flow = sluice_for(name)(levels)
            return filled + flow.sum(), None

        totals[name], _ = jax.lax.scan(minute, jnp.zeros(()), levels_by_minute)

    final = levels_by_minute[-1]
    return {name: sluice_for(name)(final).sum() for name in lock_names}


def main():
    levels = jnp.stack([jnp.linspace(0.0, 1.0, 12), jnp.linspace(1.0, 0.4, 12)], -1)[:, None, :]
    jax.block_until_ready(operate_flight(("bottom", "middle", "top"), levels))
    return None
