# label: ok
# flax-error: none
# class: 4 SpellEvaluator.analyst.session.predict applies the model with the session's dropout key folded with the ball index in the fori_loop body
"""Cricket bowling: simulate ball-by-ball release speed over a spell to size the variation.

The speed model is trained with dropout; the analyst tool keeps dropout on to sample the
bowler's ball-to-ball variation and fills one row per delivery in a fori_loop.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class ReleaseSpeed(nn.Module):
    hidden: int = 24

    @nn.compact
    def __call__(self, features, train: bool = False):
        x = nn.gelu(nn.Dense(self.hidden)(features))
        x = nn.Dropout(0.25, deterministic=not train)(x)
        return 130.0 + 10.0 * nn.tanh(nn.Dense(1)(x))[..., 0]  # km/h


class ScoringSession:
    def __init__(self, model, variables, seed):
        self.model = model
        self.variables = variables
        self.key = jax.random.key(seed)

    def predict(self, features, ball):
        key = jax.random.fold_in(self.key, ball)
        return self.model.apply(self.variables, features, train=True, rngs={"dropout": key})


class Analyst:
    def __init__(self, session):
        self.session = session


class SpellEvaluator:
    def __init__(self, analyst, balls):
        self.analyst = analyst
        self.balls = balls

    def simulate_spell(self, bowler_features):
        def delivery(i, speeds):
            return speeds.at[i].set(self.analyst.session.predict(bowler_features, i))

        speeds = jnp.zeros((self.balls, bowler_features.shape[0]))
        return fori_loop(0, self.balls, delivery, speeds)


def main():
    bowlers = jnp.array([[1.9, 0.3, 27.0, 0.8], [1.8, 0.5, 31.0, 0.6], [2.0, 0.2, 24.0, 0.9]])
    model = ReleaseSpeed()
    variables = model.init(jax.random.key(0), bowlers)
    evaluator = SpellEvaluator(Analyst(ScoringSession(model, variables, seed=17)), balls=6)
    return evaluator.simulate_spell(bowlers)
