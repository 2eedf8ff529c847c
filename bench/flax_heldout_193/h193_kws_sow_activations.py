# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 KeywordSpotter.__call__ runs the scan itself and sows per-frame activations into "intermediates" inside the body
"""On-device keyword spotting: a streaming frame encoder over log-mel frames. A monitoring hook
collects the per-frame activations through Flax's "intermediates" collection to watch for
saturated units after each firmware build."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class KeywordSpotter(nn.Module):
    hidden: int = 24
    num_keywords: int = 5

    @nn.compact
    def __call__(self, frames):
        frame_proj = nn.Dense(self.hidden, name="frame_proj")
        classifier = nn.Dense(self.num_keywords, name="classifier")
        classifier(frame_proj(jnp.concatenate([frames[0], jnp.zeros(self.hidden)])))  # build params before the loop

        def step(state, frame):
            state = jnp.tanh(frame_proj(jnp.concatenate([frame, state])))
            self.sow("intermediates", "frame_state", state)
            return state, classifier(state)

        _, logits = lax.scan(step, jnp.zeros(self.hidden), frames)
        return logits.max(axis=0)


class SaturationHook:
    def __init__(self, limit: float = 0.98):
        self.limit = limit
        self.reports = []

    def __call__(self, intermediates):
        for name, values in intermediates.items():
            saturated = jnp.mean(jnp.abs(jnp.stack(values)) > self.limit)
            self.reports.append((name, float(saturated)))


class BuildValidator:
    def __init__(self, model, variables, hooks):
        self.model = model
        self.variables = variables
        self.hooks = hooks

    def validate(self, utterance):
        logits, state = self.model.apply(self.variables, utterance, mutable=["intermediates"])
        for hook in self.hooks:
            hook(state["intermediates"])
        return logits


def main():
    utterance = jax.random.normal(jax.random.key(5), (40, 10))
    model = KeywordSpotter()
    variables = {"params": model.init(jax.random.key(0), utterance)["params"]}
    hook = SaturationHook()
    BuildValidator(model, variables, [hook]).validate(utterance)
    print(hook.reports)
    return None
