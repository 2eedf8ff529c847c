# label: ok
# flax-error: none
# class: 4 a RolloutBase template runs the scan and calls the CatchmentRollout inflow hook, which applies the model with mutable=['diagnostics'] and returns the sown state as a scan output
"""Flood forecasting: a template rollout routes rainfall through a learned runoff model."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RunoffNet(nn.Module):
    @nn.compact
    def __call__(self, rain):
        h = nn.tanh(nn.Dense(8)(rain))
        self.sow("diagnostics", "soil_moisture", jnp.mean(h))
        return nn.softplus(nn.Dense(1)(h))


class RolloutBase:
    """Template method: subclasses supply the inflow hook and may post-process the path."""

    def run(self, storage0, rain_seq):
        def body(storage, rain):
            inflow, aux = self.inflow(storage, rain)
            storage = storage + inflow - self.release(storage)
            return storage, (storage, aux)

        _, (path, aux) = jax.lax.scan(body, storage0, rain_seq)
        self.after_run(path, aux)
        return path

    def inflow(self, storage, rain):
        raise NotImplementedError

    def release(self, storage):
        return 0.1 * storage

    def after_run(self, path, aux):
        pass


class CatchmentRollout(RolloutBase):
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.report = None

    def inflow(self, storage, rain):
        runoff, state = self.model.apply(self.variables, rain, mutable=["diagnostics"])
        return runoff[0], state["diagnostics"]["soil_moisture"][0]

    def after_run(self, path, moisture):
        self.report = {"peak_storage": jnp.max(path), "mean_moisture": jnp.mean(moisture)}


def main():
    model = RunoffNet()
    rain_seq = jax.random.uniform(jax.random.key(0), (10, 4))
    variables = model.init(jax.random.key(1), rain_seq[0])
    rollout = CatchmentRollout(model, {"params": variables["params"]})
    rollout.run(jnp.float32(1.0), rain_seq)
    jax.block_until_ready(rollout.report)
    return None
