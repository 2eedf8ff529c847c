# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Evaluator.run_series -> self.model.apply(self.variables, ...) in the scan body; a CallbackList of hooks keeps each round's sown logits
"""Esports match prediction: replay a best-of-five series round by round.

Callbacks get `on_round_end` from inside the scan body and keep what the model sowed;
the report is built after the series from what the callbacks kept.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DraftPredictor(nn.Module):
    n_heroes: int = 24
    dim: int = 16

    @nn.compact
    def __call__(self, picks):
        emb = nn.Embed(self.n_heroes, self.dim)(picks)  # [2 teams, 5 picks, dim]
        team = emb.mean(axis=1)
        logits = nn.Dense(1)(team[0] - team[1])[0]
        self.sow("intermediates", "team_strength", team.sum(-1))
        return logits


class Callback:
    def on_round_end(self, round_state):
        pass

    def finalize(self):
        return {}


class StrengthHistory(Callback):
    def __init__(self):
        self.rounds = []

    def on_round_end(self, round_state):
        self.rounds.append(round_state["intermediates"]["team_strength"][0])

    def finalize(self):
        return {"strength_gap": jnp.stack(self.rounds)[:, 0] - jnp.stack(self.rounds)[:, 1]}


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def on_round_end(self, round_state):
        for cb in self.callbacks:
            cb.on_round_end(round_state)

    def finalize(self):
        out = {}
        for cb in self.callbacks:
            out.update(cb.finalize())
        return out


class Evaluator:
    def __init__(self, model, variables, callbacks):
        self.model, self.variables, self.callbacks = model, variables, callbacks

    def run_series(self, drafts):
        def play_round(score, picks):
            logit, state = self.model.apply(self.variables, picks, mutable=["intermediates"])
            self.callbacks.on_round_end(state)
            return score + jax.nn.sigmoid(logit), logit

        expected_wins, logits = lax.scan(play_round, jnp.zeros(()), drafts)
        return expected_wins, logits, self.callbacks.finalize()


def main():
    drafts = jax.random.randint(jax.random.key(3), (5, 2, 5), 0, 24)
    model = DraftPredictor()
    variables = model.init(jax.random.key(0), drafts[0])
    evaluator = Evaluator(model, {"params": variables["params"]}, CallbackList([StrengthHistory()]))
    wins, logits, report = evaluator.run_series(drafts)
    print(float(wins), float(report["strength_gap"].mean()))
    return None
