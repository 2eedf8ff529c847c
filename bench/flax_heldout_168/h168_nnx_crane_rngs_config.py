# label: same-values
# flax-error: none
# class: 4 the scan body reaches the scorer through scheduler -> MC-dropout session, which builds nnx.Rngs for each pass from the seed in its frozen config
"""Port crane scheduler: Monte-Carlo dropout passes over candidate container moves give an
uncertainty band for each move's handling time; the session is rebuilt from a config dict."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class ScoringConfig:
    features: int = 5
    hidden: int = 16
    dropout_rate: float = 0.3
    passes: int = 6
    seed: int = 7

    @classmethod
    def from_dict(cls, raw: dict) -> "ScoringConfig":
        known = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in raw.items() if k in known})


class MoveScorer(nnx.Module):
    def __init__(self, config: ScoringConfig, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(config.features, config.hidden, rngs=rngs)
        self.dropout = nnx.Dropout(config.dropout_rate)
        self.head = nnx.Linear(config.hidden, 1, rngs=rngs)

    def __call__(self, moves, *, rngs=None):
        h = self.dropout(nnx.relu(self.encode(moves)), rngs=rngs)
        return nnx.softplus(self.head(h))[..., 0]


class McDropoutSession:
    def __init__(self, config: ScoringConfig, model: MoveScorer):
        self.config = config
        self.model = model
        self.model.train()

    @classmethod
    def from_config(cls, raw: dict) -> "McDropoutSession":
        config = ScoringConfig.from_dict(raw)
        return cls(config, MoveScorer(config, rngs=nnx.Rngs(params=config.seed)))

    def pass_rngs(self, pass_index) -> nnx.Rngs:
        return nnx.Rngs(dropout=self.config.seed)


class CraneScheduler:
    def __init__(self, session: McDropoutSession):
        self.session = session

    def handling_time_passes(self, moves):
        def one_pass(carry, pass_index):
            minutes = self.session.model(moves, rngs=self.session.pass_rngs(pass_index))
            return carry, minutes

        _, passes = lax.scan(one_pass, None, jnp.arange(self.session.config.passes))
        return passes


def main():
    session = McDropoutSession.from_config({"features": 5, "passes": 6, "seed": 7, "berth": "B4"})
    moves = jax.random.normal(jax.random.key(12), (9, 5))
    passes = CraneScheduler(session).handling_time_passes(moves)
    return passes
