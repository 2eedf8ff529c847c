# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body of AnnealController.rollout passes the "intermediates" collection returned by model.apply to a HookList, whose ActivationRecorder keeps it for after the loop
"""Glass-annealing kiln controller: rolls the heater policy over an annealing schedule while a list
of callbacks watches the policy's hidden activations (for drift alarms)."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class HeaterPolicy(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, temps):
        h = nn.tanh(nn.Dense(self.hidden)(temps))
        self.sow("intermediates", "hidden", h)
        return nn.Dense(1)(h)[0]


class Hook:
    def on_step(self, intermediates):
        pass

    def on_rollout_end(self):
        pass


class ActivationRecorder(Hook):
    def __init__(self):
        self.records = []

    def on_step(self, intermediates):
        self.records.append(intermediates["hidden"][0])

    def on_rollout_end(self):
        self.mean_activation = jnp.stack(self.records).mean()


class HookList:
    def __init__(self, hooks):
        self.hooks = list(hooks)

    def on_step(self, intermediates):
        for hook in self.hooks:
            hook.on_step(intermediates)

    def on_rollout_end(self):
        for hook in self.hooks:
            hook.on_rollout_end()


class AnnealController:
    def __init__(self, model, params, hooks: HookList):
        self.model, self.params, self.hooks = model, params, hooks

    def rollout(self, setpoints):
        def step(temps, setpoint):
            power, state = self.model.apply(self.params, temps, mutable=["intermediates"])
            self.hooks.on_step(state["intermediates"])
            temps = 0.9 * temps + 0.1 * (setpoint + power)
            return temps, power

        temps, powers = lax.scan(step, jnp.full((4,), 500.0), setpoints)
        self.hooks.on_rollout_end()
        return temps, powers


def main():
    setpoints = jnp.linspace(520.0, 380.0, 8)
    model = HeaterPolicy()
    params = model.init(jax.random.key(0), jnp.zeros((4,)))
    recorder = ActivationRecorder()
    controller = AnnealController(model, {"params": params["params"]}, HookList([Hook(), recorder]))
    controller.rollout(setpoints)
    print("mean hidden activation", float(recorder.mean_activation))
    return None
