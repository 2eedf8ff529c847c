# label: ok
# flax-error: none
# class: 3 triage bot stores one dropout key on self; the scan body folds in the turn index before model.apply
"""Customer-support triage bot: MC-dropout uncertainty over a conversation, one turn per scan step."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


class TriageHead(nn.Module):
    n_queues: int = 5

    @nn.compact
    def __call__(self, turn_embedding):
        h = nn.relu(nn.Dense(32)(turn_embedding))
        keep = nn.Dropout(rate=0.3, deterministic=False)(jnp.ones_like(h))
        logits = nn.Dense(self.n_queues)(h * keep)
        return logits, keep


@dataclasses.dataclass
class ConversationState:
    turns: jnp.ndarray
    queue_scores: jnp.ndarray


class TriageBot:
    def __init__(self, seed: int = 0):
        self.model = TriageHead()
        self.rng = jax.random.PRNGKey(seed)
        self.params = self.model.init(
            {"params": self.rng, "dropout": self.rng}, jnp.zeros((16,))
        )["params"]

    def route(self, conv: ConversationState):
        def turn_step(scores, xs):
            idx, turn = xs
            logits, keep = self.model.apply(
                {"params": self.params}, turn, rngs={"dropout": jax.random.fold_in(self.rng, idx)}
            )
            return scores + jax.nn.softmax(logits), keep

        n = conv.turns.shape[0]
        conv.queue_scores, masks = jax.lax.scan(turn_step, conv.queue_scores, (jnp.arange(n), conv.turns))
        return masks


def main():
    conv = ConversationState(turns=jnp.ones((5, 16)), queue_scores=jnp.zeros((5,)))
    return TriageBot(seed=3).route(conv)
