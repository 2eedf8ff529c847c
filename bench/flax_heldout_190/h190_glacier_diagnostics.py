# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 DiagnosticsCollector asks ModelRunner.run for capture_intermediates, so MeltNet.cell records into the 'intermediates' collection inside MeltNet's jax.lax.scan body
"""Glacier melt emulator with a diagnostics side channel.

A recurrent cell consumes daily forcing (temperature, radiation, precipitation) per glacier;
the readout gives seasonal melt. Operators turn on a diagnostics collector that records what each
submodule produced so drift in the emulator can be spotted on the dashboard.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class MeltCell(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, h, forcing):
        return jnp.tanh(nn.Dense(self.hidden, name="recur")(h) + nn.Dense(self.hidden, name="force")(forcing))


class MeltNet(nn.Module):
    hidden: int = 8

    def setup(self):
        self.cell = MeltCell(self.hidden)
        self.readout = nn.Dense(1)

    def __call__(self, forcings):
        h = jnp.zeros((forcings.shape[1], self.hidden))
        if self.is_initializing():
            self.cell(h, forcings[0])  # create the cell parameters outside the loop

        def day(h, forcing):
            h = self.cell(h, forcing)
            return h, None

        h, _ = jax.lax.scan(day, h, forcings)
        return self.readout(h)[..., 0]


class ModelRunner:
    def __init__(self, model: nn.Module, params):
        self.model = model
        self.params = params

    def run(self, forcings, **apply_kwargs):
        return self.model.apply({"params": self.params}, forcings, **apply_kwargs)


class DiagnosticsCollector:
    def __init__(self, runner: ModelRunner):
        self.runner = runner
        self.summaries = {}

    def collect(self, forcings):
        melt, state = self.runner.run(forcings, capture_intermediates=True, mutable=["intermediates"])
        leaves = jax.tree_util.tree_leaves_with_path(state["intermediates"])
        self.summaries = {jax.tree_util.keystr(path): jnp.abs(leaf).mean() for path, leaf in leaves}
        return melt


def main():
    model = MeltNet()
    forcings = jnp.cos(jnp.arange(30 * 4 * 3, dtype=jnp.float32) / 11.0).reshape(30, 4, 3)
    params = model.init(jax.random.key(0), forcings)["params"]
    collector = DiagnosticsCollector(ModelRunner(model, params))
    collector.collect(forcings)
    dashboard = {name: float(value) for name, value in collector.summaries.items()}
    return None
