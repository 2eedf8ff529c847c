# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 argparse flags put the local model (with nnx.BatchNorm) in train mode; the while_loop body calls it directly until the hops reach the target moisture
"""Hop kiln drying: the oast controller keeps drying until the predicted cone moisture is low enough."""
import argparse

import jax
import jax.numpy as jnp
from flax import nnx

DEFAULT_ARGV = ["--phase", "train", "--max-hours", "12", "--target", "0.1"]


def parse_flags(argv):
    parser = argparse.ArgumentParser(prog="oast-controller")
    parser.add_argument("--phase", choices=["train", "eval"], default="eval")
    parser.add_argument("--max-hours", type=int, default=8)
    parser.add_argument("--target", type=float, default=0.08)
    return parser.parse_args(argv)


class ConeMoistureModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.airflow = nnx.Linear(3, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.moisture = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, kiln):
        return nnx.sigmoid(self.moisture(nnx.relu(self.norm(self.airflow(kiln)))))[..., 0]


def main(argv=None):
    args = parse_flags(DEFAULT_ARGV if argv is None else argv)
    model = ConeMoistureModel(nnx.Rngs(0))
    if args.phase == "train":
        model.train()
    else:
        model.eval()
    kiln = jnp.array([[62.0, 0.3, 0.8], [60.0, 0.35, 0.75], [65.0, 0.25, 0.9]]) / 100.0

    def drying(state):
        hour, moisture = state
        return (hour < args.max_hours) & (jnp.max(moisture) > args.target)

    def one_hour(state):
        hour, _ = state
        warmed = kiln.at[:, 0].add(0.01 * hour)
        return hour + 1, model(warmed)

    hours, moisture = jax.lax.while_loop(drying, one_hour, (0, jnp.ones((3,))))
    jax.block_until_ready((hours, moisture))
    return None
