# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 VoicingSession applies PipeVoicer with the mutable collections its callback list asks for; PipeVoicer's jax.lax.scan body calls self.resonator, which sows "intermediates" inside the loop
"""Organ voicing workbench: predicts how a pipe's speech settles over successive
voicing passes; callbacks collect the resonator's hidden state for the UI."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Resonator(nn.Module):
    width: int = 6

    @nn.compact
    def __call__(self, state):
        hidden = jnp.tanh(nn.Dense(self.width)(state))
        self.sow("intermediates", "hidden", hidden)
        return state + 0.1 * nn.Dense(state.shape[-1])(hidden)


class PipeVoicer(nn.Module):
    passes: int = 5

    def setup(self):
        self.resonator = Resonator()

    def __call__(self, pipe_profile):
        first = self.resonator(pipe_profile)  # the mouth cut is voiced once outside the loop

        def body(state, _):
            nxt = self.resonator(state)
            return nxt, nxt

        _, history = jax.lax.scan(body, first, None, length=self.passes)
        return history


class HiddenStateLogger:
    collections = ("intermediates",)

    def __init__(self):
        self.summaries = []

    def on_result(self, mutated):
        hidden = jax.tree.leaves(mutated["intermediates"])
        self.summaries.append([jnp.abs(h).mean() for h in hidden])


class VoicingSession:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def voice(self, profile):
        wanted = sorted({c for cb in self.callbacks for c in cb.collections})
        history, mutated = self.model.apply(self.variables, profile, mutable=wanted)
        for cb in self.callbacks:
            cb.on_result(mutated)
        return history


def main():
    model = PipeVoicer()
    profile = jax.random.normal(jax.random.key(9), (2, 4))
    variables = model.init(jax.random.key(0), profile)
    session = VoicingSession(model, {"params": variables["params"]}, [HiddenStateLogger()])
    session.voice(profile)
    return None
