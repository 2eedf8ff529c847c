# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 beam search keeps its score history with jnp.stack([scores, new]) on the carry
import jax
import jax.numpy as jnp
from jax import lax


def main():
    logits = jax.random.normal(jax.random.PRNGKey(0), (4, 3, 5))
    k = 3

    def beam_step(scores, step_logits):
        cand = scores[:, None] + jax.nn.log_softmax(step_logits)
        top, _ = lax.top_k(cand.reshape(-1), k)
        scores = jnp.stack([scores, top])
        return scores, top

    scores, tops = lax.scan(beam_step, jnp.zeros(k), logits)
    return tops
