# label: ok
# flax-error: none
# class: 5 the model and params captured by the make_carving_step factory, whose step is wrapped in jax.checkpoint; batch_stats ride in the carry
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


def make_carving_step(model, params, rate):
    def step(carry, chisel_pass):
        thickness, stats = carry
        profile, updates = model.apply(
            {"params": params, "batch_stats": stats}, chisel_pass, mutable=["batch_stats"]
        )
        return (thickness - rate * jnp.abs(profile).mean(), updates["batch_stats"]), profile.mean()

    return jax.checkpoint(step)


class CarvingSession:
    def __init__(self, model, variables, rate=0.01):
        self.model = model
        self.variables = variables
        self.rate = rate

    def carve(self, passes):
        step = make_carving_step(self.model, self.variables["params"], self.rate)
        start = (jnp.float32(4.2), self.variables["batch_stats"])
        (thickness, stats), _ = jax.lax.scan(step, start, passes)
        self.variables = {"params": self.variables["params"], "batch_stats": stats}
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
