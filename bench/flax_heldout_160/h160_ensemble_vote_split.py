# label: ok
# flax-error: none
# class: 4 the VotingCombiner reaches the Ensemble's members through ensemble.predict_round(); the dropout key from the frozen InferenceConfig is carried by the fori_loop and split every round
"""Card-fraud scoring by an ensemble whose votes are combined by a combiner object.

Each member is the same Linen architecture with its own parameters. A scoring request
runs several Monte Carlo rounds with dropout on; in every round each member scores the
transactions and the combiner takes a majority vote. The dropout key travels in the loop
state and is split once per round.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class FraudHead(nn.Module):
    @nn.compact
    def __call__(self, txn, train: bool = False):
        h = nn.relu(nn.Dense(12)(txn))
        h = nn.Dropout(0.4, deterministic=not train)(h)
        return nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)


@dataclasses.dataclass(frozen=True)
class InferenceConfig:
    rounds: int
    threshold: float
    dropout_key: jax.Array


class Ensemble:
    def __init__(self, module: nn.Module, member_params: list, cfg: InferenceConfig):
        self.module = module
        self.member_params = member_params
        self.cfg = cfg

    def predict_round(self, txns, key):
        keys = jax.random.split(key, len(self.member_params))
        return jnp.stack([
            self.module.apply(p, txns, train=True, rngs={"dropout": k})
            for p, k in zip(self.member_params, keys)
        ])


class VotingCombiner:
    def __init__(self, ensemble: Ensemble):
        self.ensemble = ensemble

    def vote(self, probs):
        flags = probs > self.ensemble.cfg.threshold
        return (flags.sum(axis=0) * 2 > flags.shape[0]).astype(jnp.int32)

    def score(self, txns):
        rounds = self.ensemble.cfg.rounds
        votes0 = jnp.zeros((rounds, txns.shape[0]), jnp.int32)
        probs0 = jnp.zeros((rounds, txns.shape[0]))

        def body(i, acc):
            votes, probs, key = acc
            key, round_key = jax.random.split(key)
            member_probs = self.ensemble.predict_round(txns, round_key)
            votes = votes.at[i].set(self.vote(member_probs))
            probs = probs.at[i].set(member_probs.mean(axis=0))
            return votes, probs, key

        votes, probs, _ = lax.fori_loop(0, rounds, body, (votes0, probs0, self.ensemble.cfg.dropout_key))
        return {"votes": votes, "probs": probs}


def main():
    module = FraudHead()
    txns = jax.random.normal(jax.random.key(5), (6, 7))
    member_params = [module.init(jax.random.key(i), txns) for i in range(3)]
    cfg = InferenceConfig(rounds=5, threshold=0.5, dropout_key=jax.random.key(99))
    combiner = VotingCombiner(Ensemble(module, member_params, cfg))
    return combiner.score(txns)
