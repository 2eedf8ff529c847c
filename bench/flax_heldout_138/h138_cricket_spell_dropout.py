# label: same-values
# flax-error: none
# class: 1 DeliveryOutcomeModel.__call__ runs the scan itself and calls its own nn.Dropout submodule (self.mc_dropout) in the body
"""Monte Carlo spell simulator for a cricket analytics desk.

For a given bowler profile the model samples an outcome distribution for each
ball of a spell (dot, 1, 2, 3, 4, 6, wicket) using MC dropout, so analysts can
see the spread of plausible spells.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

OUTCOMES = ("dot", "one", "two", "three", "four", "six", "wicket")


class DeliveryOutcomeModel(nn.Module):
    dropout_rate: float = 0.3
    spell_length: int = 6
    hidden: int = 16

    def setup(self):
        self.encoder = nn.Dense(self.hidden)
        self.mc_dropout = nn.Dropout(self.dropout_rate, deterministic=False)
        self.head = nn.Dense(len(OUTCOMES))

    def __call__(self, bowler_features):
        h = nn.relu(self.encoder(bowler_features))
        baseline = nn.softmax(self.head(h))

        def ball(running, _):
            probs = nn.softmax(self.head(self.mc_dropout(h)))
            return running + probs, probs

        _, per_ball = lax.scan(ball, jnp.zeros_like(baseline), None, length=self.spell_length)
        return per_ball


class SpellReport:
    def __init__(self, model, variables, seed: int):
        self.model = model
        self.variables = variables
        self.seed = seed

    def sample(self, features):
        return self.model.apply(self.variables, features,
                                rngs={"dropout": jax.random.key(self.seed)})


def main():
    model = DeliveryOutcomeModel()
    # pace, line, length, seam, economy
    features = jnp.array([0.82, 0.1, 0.6, 0.4, 0.55])
    variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, features)
    report = SpellReport(model, variables, seed=2024)
    return report.sample(features)
