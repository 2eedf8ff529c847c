# label: same-values
# flax-error: none
# class: 5 DockingSampler.forward, a jax.jit(partial(_forward, graphdef)) kept on the sampler, gets the sampler's split state inside the pose scan and its returned state is dropped
"""Drug discovery: sample candidate docking poses for a ligand. The NNX pose head perturbs a
reference pose with MC-dropout noise; the sampler splits the model once and keeps a jitted
pure forward function built with functools.partial."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class PoseHead(nnx.Module):
    def __init__(self, n_atoms: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(n_atoms * 3, 48, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.delta = nnx.Linear(48, n_atoms * 3, rngs=rngs)

    def __call__(self, pose):
        h = self.drop(nnx.silu(self.encode(pose.reshape(-1))))
        return pose + 0.1 * self.delta(h).reshape(pose.shape)


def _forward(graphdef, state, pose):
    model = nnx.merge(graphdef, state)
    new_pose = model(pose)
    return new_pose, nnx.state(model)


class DockingSampler:
    def __init__(self, model: PoseHead):
        graphdef, self.state = nnx.split(model)
        self.forward = jax.jit(partial(_forward, graphdef))

    def sample(self, reference_pose, n_poses: int):
        def one_pose(_, __):
            pose, _new_state = self.forward(self.state, reference_pose)
            rmsd = jnp.sqrt(jnp.mean(jnp.sum((pose - reference_pose) ** 2, axis=-1)))
            return None, (pose, rmsd)

        _, (poses, rmsd) = lax.scan(one_pose, None, None, length=n_poses)
        return poses, rmsd


def main():
    model = PoseHead(n_atoms=9, rngs=nnx.Rngs(0, dropout=1))
    reference = jax.random.normal(jax.random.key(5), (9, 3))
    poses, rmsd = DockingSampler(model).sample(reference, n_poses=8)
    return {"poses": poses, "rmsd": rmsd}
