# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a model.bind(..., mutable=["batch_stats"]) captured by the make_carving_step factory, whose step is wrapped in jax.checkpoint
"""Violin making: bridge-carving passes, each pass scored by a small network with running statistics."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class BridgeProfileNet(nn.Module):
    @nn.compact
    def __call__(self, chisel_pass, train: bool = True):
        x = nn.remat(nn.Dense)(8, name="shave")(chisel_pass)
        x = nn.BatchNorm(use_running_average=not train, name="norm")(x)
        return nn.Dense(3, name="profile")(nn.gelu(x))


def make_carving_step(bound_net, rate):
    def step(thickness, chisel_pass):
        profile = bound_net(chisel_pass)
        return thickness - rate * jnp.abs(profile).mean(), profile.mean()

    return jax.checkpoint(step)


class CarvingSession:
    def __init__(self, model, variables, rate=0.01):
        self.model = model
        self.variables = variables
        self.rate = rate

    def carve(self, passes):
        bound = self.model.bind(self.variables, mutable=["batch_stats"])
        step = make_carving_step(bound, self.rate)
        thickness, _ = jax.lax.scan(step, jnp.float32(4.2), passes)
        self.variables = {"params": self.variables["params"], "batch_stats": bound.variables["batch_stats"]}
        return thickness

    def inspect(self, sample):
        return self.model.apply(self.variables, sample, train=False)


def main():
    model = BridgeProfileNet()
    passes = jax.random.normal(jax.random.key(5), (7, 4, 6))
    session = CarvingSession(model, model.init(jax.random.key(0), passes[0]))
    session.carve(passes)
    session.inspect(passes[0]).block_until_ready()
    return None
