# label: ok
# flax-error: none
# class: 1 ToothTriage.__call__ runs the scan over x-ray tiles itself; inside the body its BatchNorm only reads the running averages
"""Dental x-ray triage: a panoramic radiograph is cut into tiles and every tile is scored for
caries / periapical lesion. The module owns the tile loop; the statistics are adapted on the first
tile only and the loop body reads the running averages."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ToothTriage(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, tiles, train: bool):
        embed = nn.Dense(self.hidden)
        norm = nn.BatchNorm(momentum=0.95)
        head = nn.Dense(3)  # healthy / caries / periapical lesion
        first = jax.nn.softmax(head(nn.relu(norm(embed(tiles[0]), use_running_average=not train))))

        def body(worst, tile):
            scores = jax.nn.softmax(head(nn.relu(norm(embed(tile), use_running_average=True))))
            return jnp.maximum(worst, scores.max(0)), scores

        worst, _ = jax.lax.scan(body, first.max(0), tiles[1:])
        return worst


class TriageTrainer:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def adapt(self, radiograph):
        worst, updates = self.model.apply(self.variables, radiograph, train=True, mutable=["batch_stats"])
        self.variables = {"params": self.variables["params"], **updates}
        return worst

    def triage(self, radiograph):
        worst = self.model.apply(self.variables, radiograph, train=False)
        return jnp.argmax(worst[1:]) + 1


def main():
    model = ToothTriage()
    radiograph = jax.random.uniform(jax.random.key(0), (5, 4, 24))
    variables = model.init(jax.random.key(1), radiograph, train=False)
    trainer = TriageTrainer(model, variables)
    trainer.adapt(radiograph)
    trainer.triage(radiograph).block_until_ready()
    return None
