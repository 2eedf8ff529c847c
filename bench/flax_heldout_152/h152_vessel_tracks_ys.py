# label: ok
# flax-error: none
# class: 5 make_track_step(model, variables, hooks) returns the scan step; the step returns the sown intermediates as scan outputs and the hooks see them after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class HeadingPredictor(nn.Module):
    hidden: int = 24

    @nn.compact
    def __call__(self, ais_window):
        h = nn.relu(nn.Dense(self.hidden, name="encoder")(ais_window))
        self.sow("intermediates", "encoded", h)
        return nn.Dense(2, name="heading")(h)


class ActivationRecorder:
    def __init__(self):
        self.records = []

    def on_step(self, intermediates):
        self.records.append(intermediates["encoded"][0])

    def summary(self):
        stacked = jnp.stack(self.records)
        return {"mean_activation": jnp.mean(stacked), "dead_units": jnp.sum(stacked.max(0) <= 0)}


class DriftHook:
    def __init__(self):
        self.calls = 0

    def on_step(self, intermediates):
        self.calls += 1


def make_track_step(model, variables, hooks):
    def step(position, window):
        heading, state = model.apply(variables, window, mutable=["intermediates"])
        return position + heading.mean(0), (heading, state["intermediates"])

    return step


def main():
    model = HeadingPredictor()
    windows = jax.random.normal(jax.random.key(5), (12, 8, 6))
    variables = model.init(jax.random.key(0), windows[0])
    variables = {"params": variables["params"]}
    recorder = ActivationRecorder()
    step = make_track_step(model, variables, [])
    hooks = [DriftHook(), recorder]
    final_position, (headings, intermediates) = scan(step, jnp.zeros(2), windows)
    for t in range(windows.shape[0]):
        for hook in hooks:
            hook.on_step(jax.tree.map(lambda a: a[t], intermediates))
    recorder.summary()
    return None
