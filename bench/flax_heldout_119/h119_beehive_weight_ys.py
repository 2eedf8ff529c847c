# label: ok
# flax-error: none
# class: 2 a local bound = model.bind(variables) in summarize_colony is called in the scan body; the embeddings leave the loop as ys
"""Beehive scale telemetry: encode each day's weight/temperature trace, collect colony embeddings
for the swarm-risk dashboard."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class HiveEncoder(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, day):
        h = nn.swish(nn.Dense(16)(day))
        emb = nn.Dense(self.dim)(h)
        self.sow("intermediates", "colony_embedding", emb)
        return jnp.tanh(emb).sum(), emb


def summarize_colony(model, variables, days):
    bound = model.bind(variables)

    def one_day(swarm_score, day):
        score, emb = bound(day)
        return 0.8 * swarm_score + 0.2 * score, (score, emb)

    final_score, (daily, embeddings) = lax.scan(one_day, jnp.zeros(()), days)
    return final_score, daily, embeddings


def main():
    days = jax.random.normal(jax.random.key(0), (14, 48)) * 0.2 + 35.0
    model = HiveEncoder()
    variables = model.init(jax.random.key(1), days[0])
    final_score, daily, embeddings = summarize_colony(model, {"params": variables["params"]}, days)
    print("centroid", jnp.mean(embeddings, axis=0))
    return None
