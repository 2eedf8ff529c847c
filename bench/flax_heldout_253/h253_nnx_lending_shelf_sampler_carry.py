# label: ok
# flax-error: none
# class: 4 desk.service.recommender (Dropout with its own Rngs) is split, its state threaded through the while_loop carry and merged in the body
"""Exploratory shelf recommendations for library readers: several dropout samples per session."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx

while_loop = jax.lax.while_loop


class ShelfRecommender(nnx.Module):
    def __init__(self, genres: int, shelves: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(genres, 12, rngs=rngs)
        self.drop = nnx.Dropout(0.4, rngs=rngs)
        self.score = nnx.Linear(12, shelves, rngs=rngs)

    def __call__(self, profile):
        return nnx.softmax(self.score(self.drop(nnx.tanh(self.embed(profile)))))


@dataclass
class ReaderSession:
    reader_id: int
    profile: jax.Array
    rounds: int = 5


class RecommendationService:
    def __init__(self, recommender: ShelfRecommender):
        self.recommender = recommender

    def explore(self, session: ReaderSession):
        shelves = self.recommender.score.out_features
        draws = jnp.zeros((session.rounds, shelves))

        graphdef, state = nnx.split(self.recommender)

        def more(carry):
            return carry[0] < session.rounds

        def sample(carry):
            i, state, draws = carry
            recommender = nnx.merge(graphdef, state)
            draws = draws.at[i].set(recommender(session.profile))
            return i + 1, nnx.state(recommender), draws

        _, state, draws = while_loop(more, sample, (0, state, draws))
        nnx.update(self.recommender, state)
        return draws


class CirculationDesk:
    def __init__(self, branch: str, service: RecommendationService):
        self.branch = branch
        self.service = service


def open_desk(branch: str, genres: int = 7, shelves: int = 4) -> CirculationDesk:
    recommender = ShelfRecommender(genres, shelves, rngs=nnx.Rngs(params=0, dropout=1))
    return CirculationDesk(branch, RecommendationService(recommender))


def main():
    desk = open_desk("riverside")
    session = ReaderSession(reader_id=88, profile=jnp.array([0.0, 1.0, 0.5, 0.0, 0.2, 0.9, 0.1]))
    return desk.service.explore(session)
