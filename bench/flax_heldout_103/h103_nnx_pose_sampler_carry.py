# label: ok
# flax-error: none
# class: 5 DockingSampler.forward, a jax.jit(partial(_forward, graphdef)) kept on the sampler; the state it returns rides in the pose scan carry and is stored back after the loop
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
        def one_pose(state, _):
            pose, state = self.forward(state, reference_pose)
            rmsd = jnp.sqrt(jnp.mean(jnp.sum((pose - reference_pose) ** 2, axis=-1)))
            return state, (pose, rmsd)

        self.state, (poses, rmsd) = lax.scan(one_pose, self.state, None, length=n_poses)
        return poses, rmsd


def main():
    model = PoseHead(n_atoms=9, rngs=nnx.Rngs(0, dropout=1))
    reference = jax.random.normal(jax.random.key(5), (9, 3))
    poses, rmsd = DockingSampler(model).sample(reference, n_poses=8)
    return {"poses": poses, "rmsd": rmsd}
