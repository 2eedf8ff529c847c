# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 peak-temperature stat written by an nn.remat-wrapped PeakBlock called from the scan body of KilnNet.dry_cycle
"""Hop kiln drying curve model.

A drying cycle is a long sequence of burner readings, so the per-step block is rematerialised;
the block also tracks the hottest predicted bed temperature for the kiln operator's audit."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class PeakBlock(nn.Module):
    width: int = 8
    track: bool = True

    @nn.compact
    def __call__(self, reading):
        bed = nn.Dense(self.width)(reading)
        bed = nn.Dense(self.width)(nn.swish(bed))
        peak = jnp.max(bed)
        if self.track:
            hottest = self.variable("audit", "hottest", lambda: jnp.float32(-jnp.inf))
            hottest.value = jnp.maximum(hottest.value, peak)
        return bed, peak


RematPeakBlock = nn.remat(PeakBlock)


class KilnNet(nn.Module):
    width: int = 8

    def setup(self):
        self.block = RematPeakBlock(self.width, track=True)
        self.moisture = nn.Dense(1)

    def __call__(self, reading):
        bed, _ = self.block(reading)
        return self.moisture(bed)

    def dry_cycle(self, readings):
        def body(carry, reading):
            bed, _ = self.block(reading)
            return carry, self.moisture(bed).squeeze(-1)

        _, curve = jax.lax.scan(body, None, readings)
        return curve


def main():
    model = KilnNet()
    readings = jax.random.normal(jax.random.key(2), (10, 4))
    variables = model.init(jax.random.key(0), readings[0])
    curve, audit = model.apply(variables, readings, method=KilnNet.dry_cycle, mutable=["audit"])
    variables = {**variables, **audit}
    curve, audit = model.apply(variables, readings, method=KilnNet.dry_cycle, mutable=["audit"])
    jnp.asarray(audit["audit"]["block"]["hottest"]).block_until_ready()
    return None
