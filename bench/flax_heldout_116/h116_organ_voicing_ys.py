# label: ok
# flax-error: none
# class: 4 VoicingSession applies PipeVoicer with the mutable collections its callback list asks for; PipeVoicer's jax.lax.scan body returns the resonator's hidden state as ys and PipeVoicer sows the stacked ys after the loop
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
        return state + 0.1 * nn.Dense(state.shape[-1])(hidden), hidden


class PipeVoicer(nn.Module):
    passes: int = 5

    def setup(self):
        self.resonator = Resonator()

    def __call__(self, pipe_profile):
        first, first_hidden = self.resonator(pipe_profile)  # voiced once outside the loop
        self.sow("intermediates", "hidden", first_hidden)

        def body(state, _):
            nxt, hidden = self.resonator(state)
            return nxt, (nxt, hidden)

        _, (history, hiddens) = jax.lax.scan(body, first, None, length=self.passes)
        self.sow("intermediates", "hidden", hiddens)
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
